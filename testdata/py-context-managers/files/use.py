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


def from_urlopen_call(url):
    import urllib.request

    response = urllib.request.urlopen(url)
    return response.read().decode()


def from_tar_member(path):
    import tarfile

    with tarfile.open(path) as tf:
        fh = tf.extractfile(tf.getmembers()[0])
        return fh.read()


def from_zip_member(path):
    import zipfile

    with zipfile.ZipFile(path) as zf:
        with zf.open("a") as fh:
            return fh.read()


def from_data_frame(p, other):
    import pandas as pd

    frame = pd.read_csv(p)
    merged = frame.merge(other)
    return merged.read()


def from_copy(r):  # @def(fromCopy, "from_copy")
    import copy

    twin = copy.deepcopy(r)  # copy hands back what it was given: maybe the project's
    return twin.read("z")  # @site(r3, "read") @namecall(fromCopy, baseRead, r3)


def from_normalized(value):
    import unicodedata

    # the standard library's text modules make only their own values
    normalized = unicodedata.normalize("NFKD", value)
    return normalized.encode("ascii", "ignore").read("q")


def from_wrapped(text):
    import textwrap

    return textwrap.dedent(text).read("q")
