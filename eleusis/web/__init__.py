"""Web pieces that both Django apps (`classroom`, `lessons`) use: the apps never import each
other, and the engine imports neither."""
