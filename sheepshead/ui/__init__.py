"""Interface helpers: pure Python, no js/pyscript imports; the page binding lives in static/."""
