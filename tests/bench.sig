games 15  adjudications 292  dice 744  digest d4c54dd565f32d96
