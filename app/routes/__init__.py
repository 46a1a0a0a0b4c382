"""Page routes (HTML): see pages.py."""
