games 11  adjudications 255  dice 248  digest 2ebcd1c9cb56a8fb
