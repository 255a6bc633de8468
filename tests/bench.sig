games 13  adjudications 269  dice 568  digest 1e0fdb299f566823
