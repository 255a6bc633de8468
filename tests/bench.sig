games 11  adjudications 255  dice 250  digest f5ff6171b265a98f
