"""The record service: citation records (HTML and JSON), the pool's health and /metrics, over the store.

`app` builds the Starlette app over settings (`create_app`); `views` turn what the store holds into
plain dicts (no HTML); `render` gives each dict as JSON or through its Jinja2 template; `metrics`
is the Prometheus exposition. It reads through the store and the record (`record`) and never
writes (it brings the schema to the newest migration on start, as every arxref process does).
Never imports fetch, the extraction paths, the parser, the resolver, the stages or Celery.
"""
