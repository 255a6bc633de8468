games 3  adjudications 9  dice 5  digest 7363ec5c0a46cb83
