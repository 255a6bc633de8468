games 4  adjudications 64  dice 6  digest 2f1fabfedadfb634
