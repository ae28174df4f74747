import { useCallback } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { type CatalogueFilters, filtersToSearch } from "../../lib/catalogue-filters.ts";

/**
 * Puts new filters into the URL of the list at `path` (the loader reads them from there) and tells whether that
 * list is being loaded now.
 */
export function useFilterNavigation(path: string) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const apply = useCallback(
    (filters: CatalogueFilters) => {
      const search = filtersToSearch(filters);
      if (search === location.search || (!search && !location.search)) return;
      void navigate(`${path}${search}`, { preventScrollReset: true });
    },
    [navigate, path, location.search],
  );
  const busy = navigation.state === "loading" && navigation.location?.pathname === path;
  return { apply, busy };
}
