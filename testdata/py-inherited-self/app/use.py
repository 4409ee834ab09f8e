from app.locks import FileLock, FileMetadata


def use(d):  # @def(use, "use")
    # a base class's method returning self gives the subclass it is called on
    with FileMetadata(d) as meta:
        meta.read_files(force=False)  # @site(u1, "read_files")
    FileMetadata(d).again().read_files()  # @site(u2, "read_files")
    m = FileMetadata(d).again()
    m.read_files()  # @site(u3, "read_files")
    FileMetadata.create().read_files()  # @site(u4, "read_files")
    n = FileMetadata.create()
    n.read_files()  # @site(u5, "read_files") @call(use, metaRead, u1, u2, u3, u4, u5)


def base(d):  # @def(base, "base")
    with FileLock(d) as lock:
        lock.read_files()  # @site(b1, "read_files")
    k = FileLock(d).again()
    k.read_files()  # @site(b2, "read_files") @call(base, lockRead, b1, b2)
