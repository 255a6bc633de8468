games 15  adjudications 292  dice 729  digest bcbcfc99825490fd
