"""The Daily: the results book and its par, streaks and statistics, the results screen, the
work in the background.
"""
