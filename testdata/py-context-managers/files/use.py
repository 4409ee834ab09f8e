import configparser
import contextlib
import io
from pathlib import Path
from urllib import request

from files.base import BaseReader, Session


def from_open(p):
    with open(p) as f:
        return f.read()


def from_bytes():
    buf = io.BytesIO()
    return buf.read()


def from_path(p: Path):
    with p.open() as fh:
        return fh.read()


def from_config():
    parser = configparser.ConfigParser()
    parser.read("x")


def from_url(url):
    with request.urlopen(url) as resp:
        return resp.read()


def from_reader(r: BaseReader):  # @def(fromReader, "from_reader")
    return r.read("x")  # @site(r1, "read") @call(fromReader, baseRead, r1)


def from_session():  # @def(fromSession, "from_session")
    with Session() as s:
        s.write("x")  # @site(s1, "write") @call(fromSession, sessionWrite, s1)


def closing_passes_on(r):  # @def(closingPasses, "closing_passes_on")
    with contextlib.closing(r) as same:
        same.read("y")  # @site(r2, "read") @namecall(closingPasses, baseRead, r2)
