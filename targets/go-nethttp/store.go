// The go-nethttp target's order store: the seed (ZOO_SEED, ids as decimal strings) read into int64s, so
// ids above 2^53 never pass through a float, and the cancel rules of spec §3. No HTTP in here.
package main

import (
	"encoding/json"
	"os"
	"strconv"
	"sync"
)

// Order is what GET /store/orders shows: the five fields of spec §2.
type Order struct {
	ID       int64  `json:"id"`
	PetID    int64  `json:"petId"`
	Quantity int    `json:"quantity"`
	ShipDate string `json:"shipDate"`
	Complete bool   `json:"complete"`
}

type entry struct {
	order  Order
	status string // pending, shipped or cancelled
}

type store struct {
	mu     sync.Mutex
	orders []*entry // the seed's order, which the list keeps
	byID   map[int64]*entry
	pets   map[int64]bool
}

func loadStore(file string) (*store, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var seed []struct {
		ID, PetID, ShipDate, Status string
		Quantity                    int
		Complete                    bool
	}
	if err := json.Unmarshal(raw, &seed); err != nil {
		return nil, err
	}
	s := &store{byID: map[int64]*entry{}, pets: map[int64]bool{}}
	for _, o := range seed {
		id, err1 := strconv.ParseInt(o.ID, 10, 64)
		pet, err2 := strconv.ParseInt(o.PetID, 10, 64)
		if err1 != nil || err2 != nil {
			return nil, strconv.ErrSyntax
		}
		e := &entry{Order{id, pet, o.Quantity, o.ShipDate, o.Complete}, o.Status}
		s.orders = append(s.orders, e)
		s.byID[id] = e
		s.pets[pet] = true
	}
	return s, nil
}

func (s *store) list() []Order {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Order, 0, len(s.orders))
	for _, e := range s.orders {
		out = append(out, e.order)
	}
	return out
}

// cancel answers "cancelled", "missing", "shipped" or "cancelled-before": a cancelled order stays listed,
// and only a pending one can be cancelled.
func (s *store) cancel(id int64) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.byID[id]
	switch {
	case !ok:
		return "missing"
	case e.status == "shipped":
		return "shipped"
	case e.status == "cancelled":
		return "cancelled-before"
	}
	e.status = "cancelled"
	return "cancelled"
}

func (s *store) hasPet(id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pets[id]
}
