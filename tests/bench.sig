games 2  adjudications 6  dice 4  digest c12df1c0b3012bc7
