import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '../lib/toast';

/** sonner's Toaster, loaded with the first toast (see lib/toast). */
export default function LazyToaster() {
  useEffect(() => toasterMounted(), []);
  return <Toaster theme="dark" position="top-center" richColors closeButton duration={3000} />;
}
