# Two stages: build the wheel, then install it (not editable) into a clean image that runs
# as an unprivileged user. The wheel carries templates, static files, catalogues and
# migrations (see setup.py), so the runtime image holds no source tree at all.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin paddock
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER paddock
# The working directory is the user's home: a default SQLite file would land here.
WORKDIR /home/paddock
ENV HOST=0.0.0.0 PORT=8000 PYTHONUNBUFFERED=1
EXPOSE 8000
# Liveness only (the process answers); docker-compose.yml checks readiness (/readyz).
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
# Migrations run at start-up (paddock serve applies them before listening).
CMD ["paddock", "serve", "--host", "0.0.0.0", "--port", "8000"]
