"""Source writers for Go and Rust (the template conventions are in `codegen`; Java, Ruby and
C++ are in `codegen_more`). Each returns (module, test, shapes) for one noun of the domain."""

from __future__ import annotations

import random

from .codegen import ModuleWords, fill, pick_shapes

# --- Go ------------------------------------------------------------------------------------------

GO_SHAPES = {
    "filter": '''// Active returns the @ns@ whose @AP@ is at least min, largest first.
func Active(items []@N@, min float64) []@N@ {
	out := make([]@N@, 0, len(items))
	for _, it := range items {
		if it.@AP@ >= min {
			out = append(out, it)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].@AP@ > out[j].@AP@ })
	return out
}
''',
    "group": '''// GroupBy@TP@ groups @ns@ by their @TP@; an empty value is grouped under "unknown".
func GroupBy@TP@(items []@N@) map[string][]@N@ {
	groups := make(map[string][]@N@)
	for _, it := range items {
		key := it.@TP@
		if key == "" {
			key = "unknown"
		}
		groups[key] = append(groups[key], it)
	}
	return groups
}
''',
    "validate": '''// Validate reports what is wrong with a @n@.
func (x @N@) Validate() error {
	var errs []string
	if strings.TrimSpace(x.Name) == "" {
		errs = append(errs, "name is empty")
	}
	if x.@AP@ < 0 {
		errs = append(errs, fmt.Sprintf("@a@ must not be negative (got %v)", x.@AP@))
	}
	if x.@AP@ > @C@ {
		errs = append(errs, fmt.Sprintf("@a@ is above the limit of %d", @C@))
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}
''',
    "load": '''// Load reads @ns@ from a JSON file.
func Load(path string) ([]@N@, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read @ns@: %w", err)
	}
	var items []@N@
	if err := json.Unmarshal(data, &items); err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return items, nil
}
''',
    "retry": '''// FetchAll gets every @n@ from the API, retrying with backoff on errors.
func FetchAll(ctx context.Context, client *http.Client, baseURL string) ([]@N@, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, baseURL+"/@ns@", nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			defer resp.Body.Close()
			var items []@N@
			return items, json.NewDecoder(resp.Body).Decode(&items)
		}
		if err == nil {
			resp.Body.Close()
			err = fmt.Errorf("unexpected status %s", resp.Status)
		}
		lastErr = err
		time.Sleep(time.Duration(250<<attempt) * time.Millisecond)
	}
	return nil, lastErr
}
''',
    "stats": '''// Mean@AP@ is the average @a@ of the @ns@ (0 for none).
func Mean@AP@(items []@N@) float64 {
	if len(items) == 0 {
		return 0
	}
	var sum float64
	for _, it := range items {
		sum += it.@AP@
	}
	return sum / float64(len(items))
}
''',
    "registry": '''// Registry keeps @ns@ by ID; it is safe for concurrent use.
type Registry struct {
	mu    sync.RWMutex
	items map[string]@N@
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{items: make(map[string]@N@)}
}

// Put adds or replaces a @n@.
func (r *Registry) Put(x @N@) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items[x.ID] = x
}

// Get returns the @n@ with the given ID.
func (r *Registry) Get(id string) (@N@, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	x, ok := r.items[id]
	return x, ok
}
''',
    "string": '''// String renders a @n@ on one line.
func (x @N@) String() string {
	return fmt.Sprintf("%-24s %-12s %10.2f", x.Name, x.@TP@, x.@AP@)
}
''',
}
GO_IMPORTS = {"filter": ["sort"], "validate": ["errors", "fmt", "strings"], "load": ["encoding/json", "fmt", "os"],
              "retry": ["context", "encoding/json", "fmt", "net/http", "time"], "registry": ["sync"],
              "string": ["fmt"]}
GO_TESTS = {
    "filter": '''func TestActive(t *testing.T) {
	items := []@N@{{ID: "a", @AP@: 1}, {ID: "b", @AP@: 5}, {ID: "c", @AP@: 3}}
	got := Active(items, 2)
	if len(got) != 2 || got[0].ID != "b" {
		t.Fatalf("Active() = %v", got)
	}
}
''',
    "validate": '''func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		in      @N@
		wantErr bool
	}{
		{"ok", @N@{Name: "north", @AP@: 1}, false},
		{"empty name", @N@{@AP@: 1}, true},
		{"negative", @N@{Name: "x", @AP@: -1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.in.Validate(); (err != nil) != tt.wantErr {
				t.Errorf("Validate() error = %v, wantErr %v", err, tt.wantErr)
			}
		})
	}
}
''',
    "stats": '''func TestMean@AP@(t *testing.T) {
	if got := Mean@AP@(nil); got != 0 {
		t.Errorf("Mean@AP@(nil) = %v", got)
	}
	if got := Mean@AP@([]@N@{{@AP@: 2}, {@AP@: 4}}); got != 3 {
		t.Errorf("Mean@AP@ = %v, want 3", got)
	}
}
''',
    "registry": '''func TestRegistry(t *testing.T) {
	r := NewRegistry()
	r.Put(@N@{ID: "a", Name: "alpha"})
	if _, ok := r.Get("a"); !ok {
		t.Fatal("missing @n@ a")
	}
}
''',
}


def go_module(rng: random.Random, w: ModuleWords, domain_text: str) -> tuple[str, str, list[str]]:
    shapes = pick_shapes(rng, GO_SHAPES, 3, 6)
    imports = sorted({i for s in shapes for i in GO_IMPORTS.get(s, [])})
    head = f"// Package @n@ handles {domain_text}\npackage @n@\n\n"
    if imports:
        head += "import (\n" + "".join(f'\t"{i}"\n' for i in imports) + ")\n\n"
    head += "// @C@ is the largest accepted @a@.\nconst @C@ = @LIMIT@\n"
    struct = '''// @N@ is one @n@.
type @N@ struct {
	ID   string   `json:"id"`
	Name string   `json:"name"`
	@AP@ float64  `json:"@a@"`
	@A2P@ float64 `json:"@a2@"`
	@TP@ string   `json:"@t@,omitempty"`
	Tags []string `json:"tags,omitempty"`
}
'''
    src = fill(head, w.words) + "\n" + fill(struct, w.words) + "".join("\n" + fill(GO_SHAPES[s], w.words) for s in shapes)
    tested = [s for s in shapes if s in GO_TESTS]
    test = fill('package @n@\n\nimport "testing"\n', w.words) + "".join("\n" + fill(GO_TESTS[s], w.words) for s in tested)
    return src, test, shapes


# --- Rust ----------------------------------------------------------------------------------------

RUST_SHAPES = {
    "filter": '''/// The @ns@ whose `@a@` is at least `min`, largest first.
pub fn active(items: &[@N@], min: f64) -> Vec<&@N@> {
    let mut out: Vec<&@N@> = items.iter().filter(|x| x.@a@ >= min).collect();
    out.sort_by(|a, b| b.@a@.partial_cmp(&a.@a@).unwrap_or(std::cmp::Ordering::Equal));
    out
}
''',
    "group": '''/// Groups @ns@ by `@t@`; an empty value is grouped under `"unknown"`.
pub fn group_by_@t@(items: &[@N@]) -> HashMap<String, Vec<&@N@>> {
    let mut groups: HashMap<String, Vec<&@N@>> = HashMap::new();
    for item in items {
        let key = if item.@t@.is_empty() { "unknown".to_string() } else { item.@t@.clone() };
        groups.entry(key).or_default().push(item);
    }
    groups
}
''',
    "validate": '''impl @N@ {
    /// Checks the @n@ and explains the first problem found.
    pub fn validate(&self) -> Result<(), @N@Error> {
        if self.name.trim().is_empty() {
            return Err(@N@Error::EmptyName);
        }
        if self.@a@ < 0.0 || self.@a@ > @C@ as f64 {
            return Err(@N@Error::OutOfRange(self.@a@));
        }
        Ok(())
    }
}

/// Why a @n@ is invalid.
#[derive(Debug, PartialEq)]
pub enum @N@Error {
    EmptyName,
    OutOfRange(f64),
}

impl fmt::Display for @N@Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            @N@Error::EmptyName => write!(f, "name is empty"),
            @N@Error::OutOfRange(v) => write!(f, "@a@ {v} is outside 0..={}", @C@),
        }
    }
}
''',
    "parse": '''impl FromStr for @N@ {
    type Err = String;

    /// Parses `name:@a@`, e.g. `north:12.5`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, value) = s.split_once(':').ok_or_else(|| format!("missing ':' in {s:?}"))?;
        let @a@ = value.trim().parse::<f64>().map_err(|e| format!("bad @a@ {value:?}: {e}"))?;
        Ok(@N@ { id: name.trim().to_lowercase(), name: name.trim().to_string(), @a@, ..Default::default() })
    }
}
''',
    "stats": '''/// Mean `@a@` of the @ns@, or `None` for an empty slice.
pub fn mean_@a@(items: &[@N@]) -> Option<f64> {
    if items.is_empty() {
        return None;
    }
    Some(items.iter().map(|x| x.@a@).sum::<f64>() / items.len() as f64)
}
''',
    "display": '''impl fmt::Display for @N@ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:<24} {:<12} {:>10.2}", self.name, self.@t@, self.@a@)
    }
}
''',
}
RUST_TESTS = {
    "filter": '''    #[test]
    fn active_sorts_largest_first() {
        let items = vec![sample("a", 1.0), sample("b", 5.0), sample("c", 3.0)];
        let ids: Vec<_> = active(&items, 2.0).iter().map(|x| x.id.as_str()).collect();
        assert_eq!(ids, ["b", "c"]);
    }
''',
    "validate": '''    #[test]
    fn validate_rejects_empty_name() {
        assert_eq!(sample("", 1.0).validate(), Err(@N@Error::EmptyName));
    }
''',
    "parse": '''    #[test]
    fn parses_name_and_value() {
        let x: @N@ = "north:12.5".parse().unwrap();
        assert_eq!(x.@a@, 12.5);
        assert!("north".parse::<@N@>().is_err());
    }
''',
    "stats": '''    #[test]
    fn mean_of_nothing_is_none() {
        assert_eq!(mean_@a@(&[]), None);
    }
''',
}


def rust_module(rng: random.Random, w: ModuleWords, domain_text: str) -> tuple[str, str, list[str]]:
    shapes = pick_shapes(rng, RUST_SHAPES, 3, 5)
    uses = []
    if "group" in shapes:
        uses.append("use std::collections::HashMap;")
    if {"validate", "display"} & set(shapes):
        uses.append("use std::fmt;")
    if "parse" in shapes:
        uses.append("use std::str::FromStr;")
    head = fill(f"//! {w.words['Ns']}: {domain_text}\n\n", w.words) + ("\n".join(uses) + "\n\n" if uses else "")
    head += fill("/// The largest accepted `@a@`.\npub const @C@: u32 = @LIMIT@;\n\n", w.words)
    struct = '''/// One @n@.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct @N@ {
    pub id: String,
    pub name: String,
    pub @a@: f64,
    pub @a2@: f64,
    pub @t@: String,
}
'''
    body = fill(struct, w.words) + "".join("\n" + fill(RUST_SHAPES[s], w.words) for s in shapes)
    tested = [s for s in shapes if s in RUST_TESTS]
    tests = fill('''
#[cfg(test)]
mod tests {
    use super::*;

    fn sample(name: &str, @a@: f64) -> @N@ {
        @N@ { id: name.to_string(), name: name.to_string(), @a@, ..Default::default() }
    }
''', w.words) + "".join("\n" + fill(RUST_TESTS[s], w.words) for s in tested) + "}\n"
    return head + body + tests, "", shapes
