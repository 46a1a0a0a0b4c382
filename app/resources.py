"""Where the server's own files live: `templates/`, `static/` (with the language
catalogues in `static/i18n/`) and `migrations/`.

The repository keeps them at the top level, next to `app/` and `engine/`. The wheel
ships them inside the `app` package (`app/templates`, `app/static`, `app/migrations`,
mapped by setup.py), because an installed package may only own files under its own
directory in site-packages. So a directory is looked up inside the package first
(installed wheel), then beside it (checkout, editable install); both are found from
this file's location, never from the working directory.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """The directory `name` (templates, static, migrations) of this installation."""
    bundled = PACKAGE_DIR / name
    if bundled.is_dir():
        return bundled
    return PACKAGE_DIR.parent / name


TEMPLATES_DIR = resource_dir("templates")
STATIC_DIR = resource_dir("static")
MIGRATIONS_DIR = resource_dir("migrations")
