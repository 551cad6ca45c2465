import { useEffect, useState } from 'react';
import { type BikeView, bikesResponseSchema, namesBikes } from '../../../domain/motor/bikes';
import { callApi } from '../../lib/http';

/** The bikes the bookings filter offers: none with one active bike, where the table names no bike (0060). */
export function useShownBikes(): BikeView[] {
  const [bikes, setBikes] = useState<BikeView[]>([]);
  useEffect(() => {
    let current = true;
    void callApi('/api/admin/motors', bikesResponseSchema).then((result) => {
      if (current && result.ok && namesBikes(result.data.bikes)) setBikes(result.data.bikes);
    });
    return () => {
      current = false;
    };
  }, []);
  return bikes;
}
