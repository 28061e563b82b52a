"""Help at the table: hints and help in words, the practice hand's tips, a hand's review, the
glossary, the help dialogs.
"""
