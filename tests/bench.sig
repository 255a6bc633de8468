games 12  adjudications 262  dice 414  digest bdf488037f27326a
