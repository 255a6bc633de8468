games 3  adjudications 9  dice 5  digest 3549def3288bf482
