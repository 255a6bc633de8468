games 8  adjudications 106  dice 174  digest 97b4564b6cb0c07f
