/**
 * Admin → Deals, "Coupons": every code with its discount, scope, dates, use and status, and its actions (Edit,
 * Pause/Resume, Delete after a confirmation); "New coupon" opens the form.
 */
import { useId, useState } from 'react';
import { Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import type { Coupon } from '@beat/shared';
import { Button, IconButton } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import {
  couponDatesText,
  couponDatesTitle,
  couponDiscountText,
  couponRedemptionsText,
  couponScopeText,
  couponStatus,
  couponStatusLabels,
  couponToInput,
} from '../lib/coupon-draft';
import { formatMoney } from '../lib/format';
import { AdminTable } from './admin-table';
import { ConfirmDialog } from './confirm-dialog';
import { CouponFormModal } from './coupon-form-modal';
import './admin-table.css';
import './deals.css';

export function CouponsSection() {
  const headingId = useId();
  const coupons = useCoupons();
  const save = useSaveCoupon();
  const remove = useDeleteCoupon();
  // null: closed; 'new': a new coupon; a coupon: editing it.
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);

  async function setPaused(coupon: Coupon, paused: boolean) {
    try {
      await save.mutateAsync({ couponId: coupon._id, input: couponToInput(coupon, { paused }) });
      toast.success(`${coupon.code} ${paused ? 'paused' : 'resumed'}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(`${deleting.code} deleted`);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const rows = coupons.data;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <div>
          <h2 id={headingId} className="admin-card__title">
            Coupons
            {rows && <span className="admin-card__count">{rows.length}</span>}
          </h2>
          <p className="admin-card__lead">Codes buyers type in the cart. A coupon applies to what remains to pay after the bulk deal.</p>
        </div>
        <Button size="sm" icon={<Plus aria-hidden="true" />} onClick={() => setEditing('new')}>
          New coupon
        </Button>
      </div>
      <AdminTable
        labelledBy={headingId}
        query={{ ...coupons, isPlaceholderData: false }}
        errorLead="The coupons could not be loaded"
        className="admin-table--pinned-actions admin-table--coupons"
        columns={8}
        rows={rows}
        loadingLabel="Loading the coupons"
        empty="No coupons yet. New coupon makes the first."
        head={
          <>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col">Scope</th>
            <th scope="col">Dates</th>
            <th scope="col" className="is-num">
              Redemptions
            </th>
            <th scope="col" className="is-num">
              Discounted
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        renderRow={(coupon) => {
          const status = couponStatus(coupon);
          return (
            <tr key={coupon._id}>
              <td data-label="Code">
                <span className="admin-table__primary deals-code">{coupon.code}</span>
              </td>
              <td data-label="Discount" className="is-nowrap">
                <span>{couponDiscountText(coupon)}</span>
              </td>
              <td data-label="Scope">
                <span>{couponScopeText(coupon)}</span>
              </td>
              <td data-label="Dates" className="deals-dates">
                <span title={couponDatesTitle(coupon)}>{couponDatesText(coupon)}</span>
              </td>
              <td data-label="Redemptions" className="is-num">
                <span>{couponRedemptionsText(coupon)}</span>
              </td>
              <td data-label="Discounted" className="is-num">
                <span>{formatMoney(coupon.discounted)}</span>
              </td>
              <td data-label="Status">
                <span className={`admin-pill admin-pill--coupon-${status}`}>{couponStatusLabels[status]}</span>
              </td>
              <td data-label="Actions">
                <div className="admin-table__actions">
                  <IconButton size="sm" variant="secondary" icon={<Pencil />} label={`Edit ${coupon.code}`} onClick={() => setEditing(coupon)} />
                  <IconButton
                    size="sm"
                    variant="secondary"
                    icon={coupon.paused ? <Play /> : <Pause />}
                    label={`${coupon.paused ? 'Resume' : 'Pause'} ${coupon.code}`}
                    busy={save.isPending && save.variables?.couponId === coupon._id}
                    onClick={() => void setPaused(coupon, !coupon.paused)}
                  />
                  <IconButton
                    size="sm"
                    variant="secondary"
                    className="admin-danger-link"
                    icon={<Trash2 />}
                    label={`Delete ${coupon.code}`}
                    onClick={() => setDeleting(coupon)}
                  />
                </div>
              </td>
            </tr>
          );
        }}
      />
      <CouponFormModal coupon={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete coupon"
        confirmLabel="Delete coupon"
        busyLabel="Deleting..."
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>
          Delete <strong>{deleting?.code}</strong>? The code stops working at once. Orders already paid with it keep their discount.
        </p>
      </ConfirmDialog>
    </section>
  );
}
