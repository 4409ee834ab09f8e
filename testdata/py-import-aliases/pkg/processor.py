# A class attribute holding a wrapped function (yosai's UnicodeProcessor):
# Processor.safe_encode_text(x) calls the attribute, which pyright names as
# its definition, not the module function of the same name elsewhere.
from pkg.toolkit import safe_encode_text as _encode


class Processor:
    safe_encode_text = staticmethod(_encode)  # @def(processorEncode, "safe_encode_text")
    clean = classmethod(lambda cls, v: v)
    limit = 10

    def process(self, value):  # @def(process, "process")
        return Processor.safe_encode_text(value)  # @site(p1, "safe_encode_text") @call(process, processorEncode, p1)


def encode_all(values):  # @def(encodeAll, "encode_all")
    return [Processor.safe_encode_text(v) for v in values]  # @site(e1, "safe_encode_text") @call(encodeAll, processorEncode, e1)
