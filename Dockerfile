FROM python:3.11-slim
WORKDIR /srv/paddock
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip install --no-cache-dir -e .
ENV HOST=0.0.0.0 PORT=8000
EXPOSE 8000
# Migrations run at start-up (paddock serve applies them before listening).
CMD ["paddock", "serve", "--host", "0.0.0.0", "--port", "8000"]
