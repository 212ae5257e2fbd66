import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { landingPath } from '#protocol';
import { useAuthStore } from '../../stores/authStore';

/** When /me reports a new role (changed by an administrator), go to that role's landing page. */
export function RoleChangeRedirect() {
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.user?.role);
  const previous = useRef(role);
  useEffect(() => {
    const before = previous.current;
    previous.current = role;
    if (before && role && before !== role) navigate(landingPath(role), { replace: true });
  }, [role, navigate]);
  return null;
}
