"""Python entry point of the page, run by PyScript on the main thread.

Placeholder until the card table exists: it proves the engine imports inside
Pyodide, shows its version, hides the HTML loading notice and marks the page
ready (``<body data-ready="1">``) so that browser tests can wait for it.
"""

from pyscript import document

import sheepshead

document.getElementById("engine-version").textContent = sheepshead.__version__
document.getElementById("loading").hidden = True
document.body.dataset.ready = "1"
