package cascade

import (
	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/files"
	"github.com/callcascade/callcascade/cascade/graph"
	"github.com/callcascade/callcascade/cascade/grep"
	"github.com/callcascade/callcascade/cascade/report"
	"github.com/callcascade/callcascade/cascade/stage"
	"github.com/callcascade/callcascade/treesitter"
)

// The engine's API for front ends (the LSP handlers, the server, the CLI):
// the types and helpers they need, so that they import this package only.

// Symbol is a function, method, class or module the index knows.
type Symbol = fact.Symbol

// QualifiedName is "Container.name", or the name alone.
func QualifiedName(s Symbol) string { return stage.QualifiedName(s) }

// Symbol kinds a front end tells apart.
const (
	KindMethod    = treesitter.KindMethod
	KindClass     = treesitter.KindClass
	KindInterface = treesitter.KindInterface
	KindModule    = fact.KindModule
)

// ModuleSymbol is the synthetic symbol for the top level of a file: the
// caller of calls made outside any function.
func ModuleSymbol(relPath string, lang Language) Symbol { return fact.ModuleSymbol(relPath, lang) }

// Store is a code graph backend.
type Store = graph.Store

// ErrNotFound is returned by a store's lookup of one thing it does not hold.
var ErrNotFound = graph.ErrNotFound

// WalkOptions say which files of a workspace are indexed and searched.
type WalkOptions = files.WalkOptions

// DefaultMaxFileSize is WalkOptions.MaxFileSize when it is zero.
const DefaultMaxFileSize = files.DefaultMaxFileSize

// GrepListState is the grep stage's kept file list, for status reports.
type GrepListState = grep.ListState

// Suggestion is an executable next step: a command with its arguments.
type Suggestion = report.Suggestion

// Command identifiers the server executes.
const (
	CommandReindex     = report.CommandReindex
	CommandFindCallers = report.CommandFindCallers
	CommandShowMatches = report.CommandShowMatches
	CommandOpen        = report.CommandOpen
	CommandCopyReport  = report.CommandCopyReport
	CommandStatus      = report.CommandStatus
	CommandSearchText  = report.CommandSearchText
)

// Positions: byte offsets in a file's content, zero-based lines, and
// characters counted in UTF-16 code units (as LSP counts them).
type (
	Language  = treesitter.Language
	Position  = treesitter.Position
	Span      = treesitter.Span
	LineIndex = treesitter.LineIndex
)

// NewLineIndex indexes the line starts of content, for conversions between
// byte offsets and positions.
func NewLineIndex(content []byte) *LineIndex { return treesitter.NewLineIndex(content) }

// LanguageForPath is the language of a file by its name, false when no
// supported language has it.
func LanguageForPath(path string) (Language, bool) { return treesitter.LanguageForPath(path) }

// IdentifierAt is the identifier at a byte offset of content, with its span.
func IdentifierAt(content []byte, offset uint32) (string, Span, bool) {
	return treesitter.IdentifierAt(content, offset)
}

// IsKeyword says whether word is a keyword of lang (never a symbol's name).
func IsKeyword(lang Language, word string) bool { return treesitter.IsKeyword(lang, word) }
