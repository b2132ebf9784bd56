import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

/** Helper route /redirect/<path>: replaces itself with /<path> (and its query). */
export default function RedirectPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const rest = useParams()['*'] ?? '';
  useEffect(() => {
    navigate(`/${rest}${search}`, { replace: true });
  }, [rest, search, navigate]);
  return null;
}
