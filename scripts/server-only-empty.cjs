// Stand-in for the 'server-only' marker outside Next (see server-only-shim.cjs).
