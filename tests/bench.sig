games 3  adjudications 9  dice 5  digest af065d2e4b1d3344
