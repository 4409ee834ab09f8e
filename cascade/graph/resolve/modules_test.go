package resolve

import (
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/treesitter"
)

// TestModuleIndexAgreesWithScan: whether an import names a workspace file
// decides whether a call through it can reach the workspace, so the index
// must answer exactly as matching every file one by one does, for relative
// specifiers, path aliases, index files, extensions and odd spellings.
func TestModuleIndexAgreesWithScan(t *testing.T) {
	paths := []string{
		"src/app.ts", "src/index.ts", "src/users/users.service.ts", "src/users/index.tsx",
		"src/lib/util.js", "src/lib/util.d.ts", "packages/core/utils/src/index.ts",
		"packages/core/utils/src/common/is-string.ts", "packages/medusa/src/api/store/route.ts",
		"app/main.mjs", "lib/.ts", "dir/sub/", "a.b/c.ts", "www/apps/docs/app/page.tsx",
		"scripts/build.py", // another family: never a match
	}
	var files []fact.File
	for _, p := range paths {
		lang, ok := treesitter.LanguageForPath(p)
		if !ok {
			lang = treesitter.TypeScript
		}
		files = append(files, fact.File{Path: p, Language: lang})
	}
	var specs []string
	for _, p := range paths {
		for _, noExt := range []string{stripExt(p), path.Dir(p)} {
			parts := strings.Split(noExt, "/")
			for i := range parts {
				tail := strings.Join(parts[i:], "/")
				specs = append(specs, tail, "@scope/"+tail, "~/"+tail, "src/"+tail, "app/"+tail, tail+".js", tail+"/", "./"+tail, "../"+tail, "../../"+tail)
			}
		}
	}
	specs = append(specs, "", ".", "..", "./", "~/", "lodash", "@medusajs/framework/utils", "utils", "index", "util.js", "a.b", "build", "/abs/src/app")
	froms := []string{"src/app.ts", "src/users/users.service.ts", "packages/medusa/src/api/store/route.ts", "top.ts"}

	index := newJSModules(files)
	for _, from := range froms {
		for _, spec := range specs {
			var want []string
			for _, f := range files {
				if family(f.Language) == "js" && jsModuleMatches(from, spec, f.Path) {
					want = append(want, f.Path)
				}
			}
			var got []string
			for _, f := range index.matching(from, spec) {
				got = append(got, f.Path)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("import %q in %s: files (-matching every file +index):\n%s", spec, from, diff)
			}
			if has := index.has(from, spec); has != (len(want) > 0) {
				t.Errorf("import %q in %s: index says %v, matching every file finds %d", spec, from, has, len(want))
			}
		}
	}
}

// After an edit the resolver loads a new file list: with the same paths the
// index is kept but answers with the new list's files (their new hashes);
// with a file added it is rebuilt and finds that file.
func TestModuleIndexFollowsNewFileLists(t *testing.T) {
	list := func(hash string, paths ...string) []fact.File {
		var out []fact.File
		for _, p := range paths {
			out = append(out, fact.File{Path: p, Hash: hash, Language: treesitter.TypeScript})
		}
		return out
	}
	var m moduleIndex
	first := m.get(list("v1", "src/a.ts", "src/b.ts"))
	edited := m.get(list("v2", "src/a.ts", "src/b.ts"))
	if got := edited.matching("src/b.ts", "./a"); len(got) != 1 || got[0].Hash != "v2" {
		t.Errorf("after an edit: %+v, want src/a.ts at v2", got)
	}
	if first.matching("src/b.ts", "./a")[0].Hash != "v1" {
		t.Error("the index handed out before the edit changed under its holder")
	}
	added := m.get(list("v3", "src/a.ts", "src/b.ts", "src/c.ts"))
	if got := added.matching("src/b.ts", "./c"); len(got) != 1 || got[0].Path != "src/c.ts" {
		t.Errorf("after a file was added: %+v, want src/c.ts", got)
	}
}

// A specifier that starts with a dot but no "./" or "../" is a bare one,
// resolved through baseUrl: angelprotocol-web-app imports its server code as
// ".server/aws/db.js" (baseUrl "src"), and every call on what it exports was
// missed when that was read as a path beside the importer.
func TestJSModuleOfADottedBareSpecifier(t *testing.T) {
	from, spec, file := "src/crons/nav-update/index.ts", ".server/aws/db.js", "src/.server/aws/db.ts"
	if !jsModuleMatches(from, spec, file) {
		t.Errorf("%s imported in %s: %s does not match", spec, from, file)
	}
	if jsModuleMatches(from, "./.server/aws/db.js", file) {
		t.Errorf("a relative ./.server/aws/db.js in %s matches %s", from, file)
	}
	files := []fact.File{{Path: file, Language: treesitter.TypeScript}, {Path: "src/crons/nav-update/.server/other.ts", Language: treesitter.TypeScript}}
	var got []string
	for _, f := range newJSModules(files).matching(from, spec) {
		got = append(got, f.Path)
	}
	if len(got) != 1 || got[0] != file {
		t.Errorf("matching(%s, %s) = %v, want [%s]", from, spec, got, file)
	}
}
