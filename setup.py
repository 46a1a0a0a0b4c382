"""Package layout for setuptools (metadata and dependencies live in pyproject.toml).

The repository keeps `templates/`, `static/` and `migrations/` at the top level (the
design card's layout); the wheel ships them inside the `app` package as
`app/templates`, `app/static` and `app/migrations`, where `app.resources` finds them
once installed. Packages are discovered, so a new `app/...` or `engine/...` package
needs no entry here.
"""

from setuptools import find_packages, setup

BUNDLED = {
    "app.templates": "templates",
    "app.static": "static",
    "app.migrations": "migrations",
    "app.migrations.versions": "migrations/versions",
}

setup(
    packages=find_packages(include=["app", "app.*", "engine", "engine.*"]) + list(BUNDLED),
    package_dir=BUNDLED,
    package_data={
        "app.templates": ["*.html"],
        "app.static": ["**/*"],
        "app.migrations": ["*.mako", "*.ini"],
    },
)
