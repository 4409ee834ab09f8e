// Package treesitter parses source files with real tree-sitter grammars and
// extracts the facts callcascade's graph is built from: symbols, call sites,
// imports, typed fields and typed locals. It knows nothing of graphs or LSP.
package treesitter

import (
	"strconv"
	"strings"
)

// ExtractorVersion changes whenever extraction records something new or
// different; stores fold it into their schema version and re-index.
const ExtractorVersion = 167

// Language names a grammar in the registry.
type Language string

const (
	TypeScript Language = "typescript"
	TSX        Language = "tsx"
	JavaScript Language = "javascript" // includes JSX
	Python     Language = "python"
	Go         Language = "go"
	Java       Language = "java"
)

// Position is a zero-based line and a column counted in UTF-16 code units,
// which is what LSP clients speak.
type Position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

// Span is a half-open region of a file, in both UTF-16 positions and bytes.
type Span struct {
	Start     Position `json:"start"`
	End       Position `json:"end"`
	StartByte uint32   `json:"startByte"`
	EndByte   uint32   `json:"endByte"`
}

// Contains reports whether the byte offset lies inside s (end inclusive, so a
// cursor just after an identifier still counts as on it).
func (s Span) Contains(offset uint32) bool {
	return offset >= s.StartByte && offset <= s.EndByte
}

// SymbolKind says what a declaration is.
type SymbolKind string

const (
	KindFunction  SymbolKind = "function"
	KindMethod    SymbolKind = "method"
	KindClass     SymbolKind = "class" // classes, Go struct types, Java enums/records
	KindInterface SymbolKind = "interface"
)

// Decorator is a decorator or annotation on a symbol, e.g. @OnEvent('x').
type Decorator struct {
	Name string   `json:"name"`           // "OnEvent", "app.task", "receiver"
	Args []string `json:"args,omitempty"` // argument source texts, in order
	Span Span     `json:"span"`
}

// Param is a declared parameter with its declared type, if any.
type Param struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"` // base type name: generics, pointers, arrays stripped
}

// Symbol is a function, method, class or interface declaration.
type Symbol struct {
	Name       string      `json:"name"`
	Kind       SymbolKind  `json:"kind"`
	Container  string      `json:"container,omitempty"` // enclosing class, or a Go method's receiver type
	Span       Span        `json:"span"`                // the whole declaration
	Selection  Span        `json:"selection"`           // the name
	Parent     int         `json:"parent"`              // index of the enclosing symbol in Facts.Symbols, -1 at top level
	Decorators []Decorator `json:"decorators,omitempty"`
	Params     []Param     `json:"params,omitempty"`  // a Go method's receiver comes first
	Extends    []string    `json:"extends,omitempty"` // for classes: superclasses and implemented interfaces
	Returns    string      `json:"returns,omitempty"` // declared result type (first result; Promise<T> is T)
	// TypeParams are a Go generic type's or function's type parameters, in
	// order (type Getter[T Resource] interface{...} has T), and a method's
	// of a generic type as its receiver names them (func (s *coll[U]) ...
	// has U): a result of type T, on a value whose type is written with
	// type arguments (Getter[Arm]), is the argument in T's place.
	TypeParams []string `json:"typeParams,omitempty"`
	// ResultsWritten are a Go function's or method's results as Returns
	// lists them, each written with its type arguments (goTypeWithArgs:
	// Registration[T] where Returns has Registration), when one result has
	// some; nil otherwise. A generic function called with type arguments
	// (Lookup[Arm]) gives a Registration[Arm], whose fields and methods of
	// type T are then Arms.
	ResultsWritten []string `json:"resultsWritten,omitempty"`
	// ExtendsWritten are a Go type's embedded types as Extends lists them,
	// each written with its type arguments (ContainerMutations[Container]
	// where Extends has ContainerMutations), when one has some; nil
	// otherwise. A method promoted from an embedded generic type returns
	// the argument the embedding writes for its type parameter.
	ExtendsWritten []string `json:"extendsWritten,omitempty"`
	// TypeConstraints are, for a Go generic type's or function's own
	// TypeParams, the named interface constraining each, written without
	// its type arguments ("" for any, a union, a literal): a value of the
	// parameter, in a method declared in another file (func (m
	// *manager[T]) create(specs T)), is called through it, as gopls
	// relates it. Nil when no parameter has one.
	TypeConstraints []string `json:"typeConstraints,omitempty"`
	// Shapes are, for a Go method (declared or in an interface), how each
	// parameter's type (its receiver left out) and then each result's is
	// written around the names in it (goShape: "*@" for *Ctx, "...@" for
	// ...T, "map[string]@", "" for a bare name, GoShapeUnknown when it
	// cannot be told); nil when each is a bare name. Param.Type and
	// Returns keep the names: gopls's go/types tells Details(c *Ctx) and
	// Details(c Ctx) apart, and only a method that matches both implements
	// an interface.
	Shapes []string `json:"shapes,omitempty"`
	// Accessor is "get" for a TypeScript getter (get length()), "set" for
	// a setter, "" otherwise: reading or writing the member runs it, and
	// AccessReadPrefix and AccessWritePrefix rows record where.
	Accessor string `json:"accessor,omitempty"`
}

// Call is a call site.
type Call struct {
	Callee    string   `json:"callee"`             // the called name: "moveFiles" in this.storage.moveFiles()
	Receiver  string   `json:"receiver,omitempty"` // source text of the receiver: "this.storage", "fmt", "self", ""
	Span      Span     `json:"span"`               // the callee name: what LSP reports as fromRanges
	Enclosing int      `json:"enclosing"`          // index of the innermost enclosing function/method symbol, -1 at top level
	Args      []string `json:"args,omitempty"`     // argument source texts, in order (events read literals from here)
	New       bool     `json:"new,omitempty"`      // a constructor call: new Foo(), Foo{} is not a call
	// Ref marks a reference, not a call: the function or method named by
	// Callee (and Receiver) is used as a value there, passed as an argument
	// (register(h), items.map(this.format), this::handle), assigned or
	// stored (advance = self.advance, Server{handler: h}), returned, or
	// bound (this.handle.bind(this)). See extract_refs.go.
	Ref bool `json:"ref,omitempty"`
	// Field is, for a reference stored in a field (s.onDone = h,
	// Server{onDone: h}, self.cb = h, this.cb = this.done), the field's
	// name: a call of that field (s.onDone()) calls what was stored.
	Field string `json:"field,omitempty"`
}

// AssignPrefix starts the callee of the row that records a store into a
// field: Callee "=onDone" with Receiver the object written to ("s",
// "self", or the type of a literal: "Server") and Args[0] the value as
// written ("s.finish", "cb"). The resolver reads the rows of a field by
// that name when a call of the field (s.onDone()) names no method; no call
// is ever named so.
const AssignPrefix = "="

// RefArityPrefix starts the one argument of a Java constructor reference
// (Mail::new, a Ref and New call) whose target type says how many
// arguments the constructor takes ("arity:1" for a Function<String, Mail>):
// the resolver picks the constructors of that arity.
const RefArityPrefix = "arity:"

// RefWrittenArg is the one argument of a reference that writes a function
// over a member (t.pull = async () => [], s.find = jest.fn()), so that the
// call hierarchy says so rather than "passes it as a value".
const RefWrittenArg = "written-over"

// LocalStoreOwner is the Receiver of an AssignPrefix row that stores into a
// local variable of the function around it rather than a field (Java:
// Runnable r = this::tick): no object is written to.
const LocalStoreOwner = "<local>"

// AccessReadPrefix and AccessWritePrefix start the callee of a row that
// records a TypeScript member read (bank.length, user.gear.wildy) or write
// (el.summary = x, n.count += 1, n.count++) of the name after the prefix:
// the site calls that name's getter or setter where the receiver's class
// declares one (Symbol.Accessor), and nothing where it does not (a plain
// field, a method read as a value). No call is ever named so, so the rows
// reach only a resolver asking for an accessor's sites; grep and name
// matching never see them. Only reads the extractor cannot rule out are
// kept: not a call's callee, not a capitalized name or one read off a
// capitalized name (enum members, statics, namespaces), not this.x in a
// class that extends nothing and declares no accessor x.
const (
	AccessReadPrefix  = "."
	AccessWritePrefix = ".="
)

// Import binds a local name to something another module exports.
type Import struct {
	Local    string `json:"local"`    // the name bound in this file: "bar" for import {foo as bar}
	Imported string `json:"imported"` // the exported name: "foo"; "*" for a whole module/namespace; "default"
	Module   string `json:"module"`   // the module as written: "./x", "app.services.x", "fmt", "com.acme.Foo"
	Span     Span   `json:"span"`
	// Reexport: the file passes Imported on under the name Local (export
	// { foo as bar } from './x'; "*" and "*" for export * from './x')
	// without binding it: barrels, index files.
	Reexport bool `json:"reexport,omitempty"`
}

// IsRelativeModule reports whether a JavaScript or TypeScript module
// specifier is relative to the importing file ("./x", "../x", "." or
// ".."). A specifier that merely starts with a dot, ".server/aws/db.js",
// is resolved like any bare one (through baseUrl or paths).
func IsRelativeModule(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")
}

// Field is a typed member of a class or struct, including TypeScript
// constructor parameter properties and Python attributes assigned in __init__.
type Field struct {
	Container string `json:"container"`
	Name      string `json:"name"`
	Type      string `json:"type"` // base type name
	// Token is the dependency-injection token the field is injected with,
	// as written: AUDIT_SINK for @Inject(AUDIT_SINK) or inject(AUDIT_SINK).
	// Provider maps ({ provide: AUDIT_SINK, useClass: DbAuditSink }) say
	// which class that is.
	Token string `json:"token,omitempty"`
	// Queue is the queue name expression of a field injected with
	// @InjectQueue(QUEUE) (NestJS Bull/BullMQ), as written: the jobs its
	// add() calls queue go to that queue's processor.
	Queue string `json:"queue,omitempty"`
	// Constraint is, for a Go field whose type is one of its struct's
	// type parameters (or a collection of one), the named interface that
	// constrains the parameter, as written without type arguments
	// (Getter G, with G Getter[Req, Resp]: Getter). Where the struct's
	// type arguments are not known (in its own methods), a call on the
	// field is a call through that interface, as gopls relates it.
	Constraint string `json:"constraint,omitempty"`
}

// Local is a variable or parameter inside a function whose type is known
// from a declaration or a constructor call (x := &Server{}, const s = new S()).
type Local struct {
	Enclosing int    `json:"enclosing"` // index into Facts.Symbols, -1 at top level
	Name      string `json:"name"`
	// Type is a type name, or "call:" followed by the callee as written
	// (x := store.New(), const r = makeRepo()): the resolver then takes the
	// callee's declared result type.
	Type string `json:"type"`
}

// ReturnedLocal is the name of the Local that records, for a JavaScript or
// TypeScript function without a declared result type, the one call every
// return gives the result of (return base.$extends({...})): what calling
// the function gives is what that call gives, read in the function. No
// variable can have the name.
const ReturnedLocal = "return"

// CallTypePrefix marks a Local or Field type that is the result of a call.
const CallTypePrefix = "call:"

// ClassArgTypePrefix marks a JavaScript or TypeScript Local or Field type
// that is the result of a method call given a class: its one type
// argument, or else its first argument when that is a bare name starting
// with a capital. "classarg:DeploymentService:container.resolve" for
// container.resolve(DeploymentService), "classarg:Ninja:container.get" for
// container.get<Ninja>(TYPES.Ninja). The resolver reads it as the
// CallTypePrefix type of the callee, unless the call is a
// dependency-injection container's, which returns an instance of the class.
const ClassArgTypePrefix = "classarg:"

// CutClassArg splits a ClassArgTypePrefix type (without the prefix) into
// the class named and the callee as written.
func CutClassArg(rest string) (class, callee string, ok bool) {
	return strings.Cut(rest, ":")
}

// RangeTypePrefix marks a Local that is an element of the collection written
// after it (for _, v := range xs). Declared types of TypeScript and Java
// drop collection wrappers (T[], List<T> are T), so there an element of a
// declared collection has the collection's type. Go and Python keep them
// (see GoCollectionPrefix); the element type of a Go named collection type
// (type List []Node) is recorded as the type symbol's Returns, a Python
// class's is what its __iter__ returns.
const RangeTypePrefix = "range:"

// RangeKeyTypePrefix marks a Go Local that is a key (an index) of the
// collection written after it (for k := range m): the key of an outside
// package's map is that package's value; a slice's index is an int.
const RangeKeyTypePrefix = "rangekey:"

// GoCollectionPrefix starts a Go type that is a slice, array, map or channel
// of the type after it: "[]Traversal" for []hcl.Traversal, "[][]Node", and
// "[]Diagnostic" for map[string]*Diagnostic. Indexing or ranging over it
// yields the type after the prefix, so an element of a []Traversal is a
// Traversal, not the Traverser a Traversal holds. Python collections
// (List[Text], Iterator[Text]) and list literals use it too.
const GoCollectionPrefix = "[]"

// PythonMappingPrefix starts a Python mapping type whose values have the
// type after it: "{}Task" for Dict[TaskID, Task]. Indexing it (or get)
// gives a value; iterating it gives keys, whose type is not kept.
const PythonMappingPrefix = "{}"

// GoAnonymousStructPrefix names a Go anonymous struct type, followed by its
// byte offset in the file: "struct@120" for the struct{...} of a table test's
// tests := []struct{...}{...}. Its fields are recorded with that container.
const GoAnonymousStructPrefix = "struct@"

// GoFuncPrefix starts a Go func type, followed by its result types as in a
// Symbol's Returns: "func:Command" for func() *Command, "func:" for
// func(w io.Writer). Calling a value of that type gives those results.
// A Python Callable[..., Text] is "func:Text", and so is the result of a
// JavaScript or TypeScript function that returns a function declared to
// return a Text (return function adapter(): Text { ... }).
const GoFuncPrefix = "func:"

// GoDefinedPrefix starts the Returns of a Go type defined from another
// named type, followed by that type as written: "defined:Model" for
// type mtpDraft Model. The new type has the other's fields, not its
// methods.
const GoDefinedPrefix = "defined:"

// GoChanPrefix starts the Returns of a Go type defined as a channel, before
// the element type: "chanof:WatchResponse" for
// type WatchChan <-chan WatchResponse. Ranging over a channel yields its
// elements in the first variable (for resp := range ch), where a slice's or
// map's first variable is a key.
const GoChanPrefix = "chanof:"

// GoAliasPrefix starts the Returns of a Go type alias, followed by the
// type it names as written (goType): "aliasof:internal.SearchOptions" for
// type SearchOptions = internal.SearchOptions. Both names are one type.
const GoAliasPrefix = "aliasof:"

// GoInterfacePrefix starts a Go interface type literal, written as its
// methods, each its name, its parameter types in parentheses and its result
// types (as in a Symbol's Returns), separated by GoMethodSeparator, and its
// embedded types after GoEmbeddedMarker, then "}":
// "interface{IsSilenced(graphql.ResolveParams)bool,error}" for
// interface{ IsSilenced(p graphql.ResolveParams) (bool, error) },
// "interface{}" for the empty interface.
const GoInterfacePrefix = "interface{"

// GoMethodSeparator separates the methods of a GoInterfacePrefix type.
const GoMethodSeparator = ";"

// GoEmbeddedMarker starts an embedded type in a GoInterfacePrefix type.
const GoEmbeddedMarker = "~"

// ItemTypePrefix marks a Python local bound by unpacking (a, b = pair; for
// text, style in segments): "item:1:" and then the type of what is
// unpacked. The item of a NamedTuple is its field in that place; an item of
// a homogeneous collection (Tuple[Foo, ...]) is an element.
const ItemTypePrefix = "item:"

// PythonTupleTypePrefix marks a Python tuple of fixed places (tuple[list[Row],
// dict[str, Provenance]]): "tuple:" and then the type of each place,
// separated by GoResultSeparator ("" for one not written as a type).
// Unpacking one (rows, prov = compose()) gives each name its place's type.
const PythonTupleTypePrefix = "tuple:"

// PythonUnionTypePrefix marks a Python union of several workspace classes
// ("union:EpisodicMemory|SemanticMemory" for EpisodicMemory | SemanticMemory |
// None): a method called on the value is each member's, as pyright lists it.
// A TypeScript union of several named types (Episodic | Semantic | null) is
// marked the same way, as tsserver lists such a call under each member's.
const PythonUnionTypePrefix = "union:"

// PythonEitherTypePrefix marks a Python value that is one of several, each
// typed as a local or field would be ("either:call:DiskStorage|call:MemoryStorage"
// for DiskStorage() if fast else MemoryStorage(), storage or MemoryStorage()
// with storage: DiskStorage): a method called on it is each workspace
// class's, as pyright lists it; a member that gives no workspace class
// adds nothing.
const PythonEitherTypePrefix = "either:"

// PythonEntersTypePrefix marks a Python context manager whose __enter__ (or
// __aenter__) gives the type after it: a declared
// AbstractAsyncContextManager[DatabaseContext] is "enters:DatabaseContext",
// so that async with one as db makes db a DatabaseContext, as pyright
// types it. Anything else on it is the standard library's.
const PythonEntersTypePrefix = "enters:"

// PythonModuleTypePrefix marks a Python value that is the module named after
// it, imported by a call (importlib.import_module("app.migrations.v1")), and
// a JavaScript or TypeScript value that is the module a dynamic import gives
// (const m = await import("./jobs"); import("./pages/Login").then(m => ...)).
const PythonModuleTypePrefix = "module:"

// PytestFixtureTypePrefix marks a Python field assigned, in a pytest
// fixture, the unannotated parameter pytest fills with the fixture of the
// name after it (@pytest.fixture(autouse=True) def setup(self,
// request_factory): self.factory = request_factory): "fixture:request_factory".
// The resolver looks that fixture up from the field's file, as pytest does.
const PytestFixtureTypePrefix = "fixture:"

// BlockScopeLocal names a JavaScript or TypeScript Local of a nested
// function itself (its Enclosing) whose scoped type (ScopedType, with no
// type) is the block it is declared in, when that block is not a named
// function's body: a const or function declared in an anonymous callback,
// an IIFE or an if's block is in scope there only, and a call of its name
// elsewhere calls another function of that name.
const BlockScopeLocal = "{block}"

// ValueTypePrefix marks a Local whose type is that of the expression written
// after it, a name or a path of fields (av := attr.Value, y := x): the
// resolver evaluates it as it evaluates a receiver.
const ValueTypePrefix = "value:"

// ExportAliasLocalPrefix starts the name of a top-level Local that records
// a JavaScript or TypeScript module exporting one of its bindings under
// another name (export { MemoizedCard as Card }): the Local is named
// ExportAliasLocalPrefix+"Card", its Type ValueTypePrefix+"MemoizedCard".
// An import of Card is then that binding, not a declaration of the file
// named Card (React.memo's wrapper exported under the inner component's
// name). No identifier contains the prefix's colon.
const ExportAliasLocalPrefix = "export:"

// ReactRefTypePrefix marks a TypeScript value that is a React ref of the
// type after it: useRef<Player>(null), createRef<Player>() and a declared
// RefObject<Player> or MutableRefObject<Player> are "ref:Player". Its
// current is a Player; anything else on it is React's.
const ReactRefTypePrefix = "ref:"

// MapValueTypePrefix marks a TypeScript value that is a Map (or
// ReadonlyMap, WeakMap) whose values are the type after it: a declared
// Map<string, Server>, or new Map<string, Server>(), is "mapvalue:Server".
// Its get(...) is a Server; anything else on it is the standard library's.
const MapValueTypePrefix = "mapvalue:"

// CallbackElementTypePrefix types the first parameter of a callback passed
// to an Array method that hands it the array's elements (forEach, map,
// filter, find, ...): "callbackelement:map:this.providers" is an element
// of this.providers, when the value there is an array (its type has no map
// of its own).
const CallbackElementTypePrefix = "callbackelement:"

// TypeAliasPrefix marks a TypeScript module's top-level type alias of a
// named type, recorded as a Local named as the alias: type Ref =
// Scrollbars is "alias:Scrollbars". A value of type Ref is a Scrollbars.
const TypeAliasPrefix = "alias:"

// GlobalTypeAliasPrefix marks a type alias declared in a declare global
// block, recorded as TypeAliasPrefix records a module's: its name is the
// aliased type in every file of the program (declare global { type MUser =
// import('./user').MUserClass } is "globalalias:MUserClass"). The file
// also records a Call named GlobalTypeAliasPrefix and the alias's name
// ("globalalias:MUser"), which calls nothing: the store finds the file by
// that name.
const GlobalTypeAliasPrefix = "globalalias:"

// GlobalVarPrefix names the Call a file records for each variable a
// declare global block of it declares (declare global { var globalClient:
// RoboChimpBotClient } is "globalvar:globalClient"), which calls nothing:
// the store finds the declaring files by that name, and the variable's
// type is its top-level Local there.
const GlobalVarPrefix = "globalvar:"

// RecordTypePrefix marks a TypeScript value every member of which holds
// the type that follows, read by name or by index: a mapped type or an
// index signature ({ [key in SetupType]: Gear }, { [name: string]: Gear })
// or Record<SetupType, Gear> is "record:Gear", and gear.melee and
// gear[setup] are Gears. The value itself is no workspace class's.
const RecordTypePrefix = "record:"

// ParamsTypePrefix marks the Field of a TypeScript object type alias's
// member of a function type (run: (data: any, options: RunOptions) =>
// Promise<void>, or a method signature check(options: RunOptions)):
// "params:" and then each parameter's type, separated by
// GoResultSeparator, "" for one not written as a type name
// ("params:,RunOptions"). The members of a top-level type alias of an
// object type are recorded as Fields with the alias as their Container.
const ParamsTypePrefix = "params:"

// ContextParamTypePrefix marks a TypeScript Local bound by an untyped
// parameter of a method of an object literal whose variable declares its
// type (const hunt: Task = { run(data, { user }) { ... } }): the parameter
// has the type the declared type gives that member's parameter there.
// "ctxparam:Task:run:1" is run's second parameter; a name a destructuring
// binds adds the member it takes ("ctxparam:Task:run:1:user").
const ContextParamTypePrefix = "ctxparam:"

// MemberTypePrefix marks a TypeScript Local bound by destructuring a
// parameter whose declared type is a named type (function make({ intents }:
// Deps), with interface Deps { intents: Handler } or type Deps = { ... }):
// "member:Deps:intents" is the member intents of a Deps, read where the
// type is declared, as deps.intents would be of a parameter deps: Deps.
const MemberTypePrefix = "member:"

// AugmentsModuleDecorator names the decorator the TypeScript extractor
// gives an interface declared inside declare module "pkg" { ... }: its
// argument is the package whose interface of that name it adds members to
// (Fastify's FastifyInstance, Express's Request). Source has no such
// decorator; the name cannot be written as one.
const AugmentsModuleDecorator = "declare module"

// ThisLocal names the Local an arrow function declared in a class's method
// (const after = () => this.refresh()) records for this, typed as the
// class: an arrow binds no this of its own, so its this is the method's.
// No program can declare a variable of that name.
const ThisLocal = "this"

// ObjectTypePrefix marks a JavaScript or TypeScript Local bound to an object
// literal, followed by the name its methods are recorded under as their
// Container: const logger = { warn() {} } is "object:logger", and
// logger.warn() calls that warn. The object's members are the ones it
// writes, so a call of another name on it calls no workspace method.
const ObjectTypePrefix = "object:"

// ObjectTypeLiteralPrefix names a TypeScript object type literal written
// in place, followed by its byte offset in the file: a value declared
// { provider: AIProvider } (a function's result, a parameter, a local, a
// field) is "object:type@120", and the literal's members are recorded as
// Fields with "type@120" as their Container, as an object literal's are.
const ObjectTypeLiteralPrefix = "type@"

// OpenObjectTypePrefix is ObjectTypePrefix for an object literal with a
// spread element ({ ...base, warn() {} }): members it does not write may
// come from elsewhere.
const OpenObjectTypePrefix = "object...:"

// BoundLocally is the type of a Local recorded only because a call names it
// bare where a parameter or a local binds it without a type the extractor
// can read (function Pills({ onChange }) { onChange(x) }): the call is the
// local value's, never a workspace function's of that name. A JavaScript or
// TypeScript class field of that type is declared (or assigned this.x = ...)
// with a value whose type is not read: the class's own member, of no known
// type.
const BoundLocally = "local:?"

// ResultIndexSeparator follows the callee of a CallTypePrefix type when the
// local is not the call's first result: "call:body.Content#1" is the second
// result of body.Content(...) (content, diags := body.Content(schema)).
const ResultIndexSeparator = "#"

// CutResultIndex splits a CallTypePrefix type's callee from the index of the
// result it stands for (0 when none is written).
func CutResultIndex(callee string) (string, int) {
	i := strings.LastIndex(callee, ResultIndexSeparator)
	if i < 0 {
		return callee, 0
	}
	n, err := strconv.Atoi(callee[i+len(ResultIndexSeparator):])
	if err != nil || n < 0 {
		return callee, 0
	}
	return callee[:i], n
}

// GoResultSeparator separates a Go function's result types in its Symbol's
// Returns when it has several: "Value,Diagnostics" for
// func (e *Expr) Value(ctx) (cty.Value, hcl.Diagnostics). A result whose type
// has no name (a func or struct type) is left empty.
const GoResultSeparator = ","

// GoResult is the i-th result type in a Go symbol's Returns, "" if unknown.
func GoResult(returns string, i int) string {
	for ; i > 0; i-- {
		_, rest, ok := strings.Cut(returns, GoResultSeparator)
		if !ok {
			return ""
		}
		returns = rest
	}
	first, _, _ := strings.Cut(returns, GoResultSeparator)
	return first
}

// ScopePrefix starts a Local type that holds only in a byte range of its
// file: "in:START-END:" and then the type. Go locals declared in a nested
// block (an if, a loop, a switch case, a closure) are scoped this way, so
// that two blocks binding the same name to different types (switch v :=
// x.(type) cases, for _, attr := range ... in two loops) do not collide.
// Locals of a function's own body are not scoped: there a name has one type.
const ScopePrefix = "in:"

// ScopedType wraps typ in a scope from start to end (byte offsets).
func ScopedType(start, end uint32, typ string) string {
	var bounds [24]byte // two uint32s and the dash, on the stack
	b := strconv.AppendUint(bounds[:0], uint64(start), 10)
	b = append(b, '-')
	b = strconv.AppendUint(b, uint64(end), 10)
	return ScopePrefix + string(b) + ":" + typ // one allocation: string(b) is not kept
}

// CutScope undoes ScopedType; scoped is false (and typ unchanged) for a type
// with no scope.
func CutScope(typ string) (start, end uint32, rest string, scoped bool) {
	body, ok := strings.CutPrefix(typ, ScopePrefix)
	if !ok {
		return 0, 0, typ, false
	}
	bounds, rest, ok := strings.Cut(body, ":")
	if !ok {
		return 0, 0, typ, false
	}
	from, to, ok := strings.Cut(bounds, "-")
	if !ok {
		return 0, 0, typ, false
	}
	s, err1 := strconv.ParseUint(from, 10, 32)
	e, err2 := strconv.ParseUint(to, 10, 32)
	if err1 != nil || err2 != nil || e < s {
		return 0, 0, typ, false
	}
	return uint32(s), uint32(e), rest, true
}

// StringLit is a string literal's content (quotes removed), kept for the
// keyword stage: dynamically dispatched names often appear only in strings
// (event names like 'fees-report.created', methods called by name). Only
// literals that can be such a name are kept: 1 to 100 bytes, with no
// whitespace or line break (Unicode spaces included); messages, SQL,
// templates and data are dropped. Import and export paths are not literals
// here (they are in Imports), nor are templates with substitutions,
// f-strings with values, Go struct tags and Python forward references.
type StringLit struct {
	Text      string `json:"text"`
	Span      Span   `json:"span"`
	Enclosing int    `json:"enclosing"`
}

// Constant is a name bound to a string literal: a top-level constant
// (const X = 'x', X = "x", const X = "x"), an enum member or a member of a
// constant object (container Events for Events.X), a class's static field.
// Event names, topics and routes are often given through such constants;
// the resolver reads them to link publishers and subscribers.
type Constant struct {
	Container string `json:"container,omitempty"`
	Name      string `json:"name"`
	Value     string `json:"value"`
	// Expr, when set, is what the name is bound to instead of a string
	// literal, as written: another constant (Events.A, OTHER), a template
	// string (`${PREFIX}.created`) or a concatenation; the resolver
	// evaluates it. Value is then empty.
	Expr string `json:"expr,omitempty"`
}

// Facts is everything extracted from one file.
type Facts struct {
	Language  Language    `json:"language"`
	Package   string      `json:"package,omitempty"` // Go package name; Java package
	Symbols   []Symbol    `json:"symbols"`
	Calls     []Call      `json:"calls"`
	Imports   []Import    `json:"imports"`
	Fields    []Field     `json:"fields"`
	Locals    []Local     `json:"locals"`
	Strings   []StringLit `json:"strings,omitempty"`
	Constants []Constant  `json:"constants,omitempty"`
	HasErrors bool        `json:"hasErrors,omitempty"` // the tree had ERROR/MISSING nodes; what parsed is still here
	// Unrecorded names the code sites grep would find that no call or
	// reference here records (unrecorded.go); nil when not worked out.
	Unrecorded *Unrecorded `json:"unrecorded,omitempty"`
}
