games 11  adjudications 255  dice 284  digest 37bbf1b6b68d6e7d
