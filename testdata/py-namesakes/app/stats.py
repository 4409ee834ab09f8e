# Ten classes share get_stats: a call on an untyped receiver says nothing of which.


class Router:
    def get_stats(self):  # @def(routerStats, "get_stats")
        return {}


class Worker:
    def get_stats(self):  # @def(workerStats, "get_stats")
        return {"worker": 1}


class Logger:
    def get_stats(self):
        return {"logger": 1}


class Queue:
    def get_stats(self):
        return {"queue": 1}


class Cache:
    def get_stats(self):
        return {"cache": 1}


class Console:
    def get_stats(self):
        return {"console": 1}


class Config:
    def get_stats(self):
        return {"config": 1}


class Process:
    def get_stats(self):
        return {"process": 1}


class Command:
    def get_stats(self):
        return {"command": 1}


class Frontend:
    def get_stats(self):
        return {"frontend": 1}


class Buffer:
    def flush(self):  # @def(bufferFlush, "flush")
        return None


class Stream:
    def flush(self):
        return None


class Ledger:
    def total(self):  # @def(ledgerTotal, "total")
        return 0
