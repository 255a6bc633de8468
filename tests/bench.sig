games 10  adjudications 200  dice 272  digest 3c6d73e4171e6be8
