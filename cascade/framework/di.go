package framework

import (
	"strings"

	"github.com/callcascade/callcascade/treesitter"
)

// Provider is one entry of a provider map, { provide: TOKEN, useClass: X }
// in a module's (or component's) decorator, as written.
type Provider struct {
	Path  string
	Token string
	Class string
}

// ProviderEntries finds the { provide: T, useClass: X } (or useExisting)
// objects in a decorator argument.
func ProviderEntries(path, arg string) []Provider {
	if !strings.Contains(arg, "provide") {
		return nil
	}
	var out []Provider
	var open []int
	treesitter.ScanOutsideQuotes(arg, 0, func(i int, c byte) bool {
		switch {
		case c == '{':
			open = append(open, i)
		case c == '}' && len(open) > 0:
			obj := arg[open[len(open)-1] : i+1]
			open = open[:len(open)-1]
			token, ok := Keyword([]string{obj}, "provide")
			if !ok {
				return true
			}
			if cls, ok := Keyword([]string{obj}, "useClass", "useExisting"); ok && IsDotted(cls) {
				out = append(out, Provider{Path: path, Token: token, Class: cls})
			}
		}
		return true
	})
	return out
}

// Dependency-injection containers that hand out an instance of the class
// they are asked for: tsyringe's container.resolve(Foo) (and a child
// container's), InversifyJS's container.get<Foo>(TYPES.Foo) or
// container.get(Foo), NestJS's moduleRef.get(Foo), app.get(Foo) and
// moduleRef.resolve(Foo), Angular's injector.get(Foo) and
// TestBed.inject(Foo). Each library declares these calls generic,
// resolve<T>(token: InjectionToken<T>): T, so tsserver types the result as
// the class passed, or as the type argument written. The libraries are
// known by their package names, since their declarations are not indexed.
var containerLibraries = map[string]bool{
	"tsyringe":              true,
	"inversify":             true,
	"@nestjs/core":          true,
	"@nestjs/common":        true,
	"@nestjs/testing":       true,
	"@angular/core":         true,
	"@angular/core/testing": true,
}

// containerResolvers are the methods of those containers that return an
// instance of the class (or type argument) they are given.
var containerResolvers = map[string]bool{
	"resolve": true, "resolveAll": true, // tsyringe, NestJS, InversifyJS
	"get": true, "getAsync": true, "getAll": true, "getAllAsync": true, // InversifyJS, NestJS, Angular
	"getNamed": true, "getTagged": true, // InversifyJS
	"inject": true, // Angular TestBed.inject(Foo)
	// not create: NestFactory.create(AppModule) makes an application
}

// ContainerLibrary reports whether a JavaScript or TypeScript module
// specifier is one of the dependency-injection libraries above (a deep
// import, "inversify/lib/container", included).
func ContainerLibrary(module string) bool {
	if containerLibraries[module] {
		return true
	}
	for lib := range containerLibraries {
		if strings.HasPrefix(module, lib+"/") {
			return true
		}
	}
	return false
}

// ContainerResolves reports whether method, called on a value of one of
// the container libraries, returns an instance of the class it is given.
func ContainerResolves(method string) bool { return containerResolvers[method] }
