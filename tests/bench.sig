games 4  adjudications 64  dice 6  digest 1b2432bbd87bb1ca
