"""The newsroom web app (`corroborate serve`): pages, a JSON API and a background job worker
over one SQLite corpus store. FastAPI is imported only by `corroborate serve` and the app
module, never by `corroborate --help`."""
