games 12  adjudications 262  dice 406  digest 74851ab37f3e6432
