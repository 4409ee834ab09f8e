package framework

import "strings"

// IsIdentifier reports whether s is one identifier (no $, no dots).
func IsIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) || s[i] == '$' {
			return false
		}
	}
	return true
}

// IsDotted reports whether s is a name or a dotted chain of names
// (Events.Created, this.handle, $scope.x).
func IsDotted(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if !IsIdentifier(part) && !(part != "" && strings.Trim(part, "$_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == "") {
			return false
		}
	}
	return true
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}
