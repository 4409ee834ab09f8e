from typing import Protocol


class LexerProtocol(Protocol):
    def add_listener(self, listener) -> None:
        ...


class ParserProtocol(Protocol):
    def add_listener(self, listener) -> None:  # @def(parserAddListener, "add_listener")
        ...


def build(lexer_class: type[LexerProtocol], parser_class: type[ParserProtocol]):  # @def(build, "build")
    lexer = lexer_class("source")
    lexer.add_listener(None)
    parser = parser_class(lexer)
    parser.add_listener(None)  # @site(parserAdd, "add_listener") @call(build, parserAddListener, parserAdd)
    return parser
