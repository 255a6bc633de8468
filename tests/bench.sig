games 12  adjudications 262  dice 411  digest 14ec1a3b956c095d
