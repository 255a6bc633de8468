games 3  adjudications 9  dice 5  digest 3ec021316f96dced
