"""`python -m app serve --port P` does what the `paddock` console script does."""

from app.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
