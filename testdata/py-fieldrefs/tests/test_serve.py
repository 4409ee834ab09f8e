import pytest


def test_serve():
    uvicorn = pytest.importorskip("uvicorn", minversion="0.30")
    server = uvicorn.Server(None)
    server.run(sockets=[])
