"""The page: the controller (events in, effects out), its games, the computer players' turns,
links, keys, marks, the first visit's table.
"""
