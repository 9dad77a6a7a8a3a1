"""Statistics against values computed by hand (arithmetic in the comments)."""

from __future__ import annotations

import time

import pytest

from evaluators.stats import (
    bootstrap_mean_ci,
    bootstrap_ratio_ci,
    mcnemar_exact,
    paired_bootstrap,
    pass_at_k,
    pass_hat_k,
    wilson_interval,
)

# z = 1.959964, z^2 = 3.84145888 (1.96^2 - 2 * 1.96 * 0.000036).


def test_wilson_8_of_10() -> None:
    # p = 0.8, z^2/n = 0.384146, denom = 1.384146
    # centre = (0.8 + 0.192073) / 1.384146 = 0.716740
    # half = 1.959964 * sqrt(0.016 + 0.0096036) / 1.384146 = 1.959964 * 0.160011 / 1.384146 = 0.226578
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=5e-5)
    assert high == pytest.approx(0.9433, abs=5e-5)


def test_wilson_all_or_nothing() -> None:
    # 0 of 5: p = 0, centre = half = (z^2/10) / (1 + z^2/5) = 0.384146 / 1.768292
    # so low = 0 and high = 2 * 0.217241 = 0.434482; 5 of 5 mirrors it.
    assert wilson_interval(0, 5) == (0.0, pytest.approx(0.434482, abs=1e-6))
    assert wilson_interval(5, 5) == (pytest.approx(1 - 0.434482, abs=1e-6), 1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_half() -> None:
    # 2 of 4: centre = 0.5 exactly; half = 1.959964 * sqrt(0.0625 + 3.84145888/64) / 1.96036472
    #       = 1.959964 * sqrt(0.12252280) / 1.96036472 = 1.959964 * 0.3500326 / 1.96036472 = 0.349961
    low, high = wilson_interval(2, 4)
    assert low == pytest.approx(0.150039, abs=1e-6)
    assert high == pytest.approx(0.849961, abs=1e-6)


def test_wilson_invalid() -> None:
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)


def test_pass_at_k_values() -> None:
    # 1 - C(3,2)/C(5,2) = 1 - 3/10 = 0.7
    assert pass_at_k(5, 2, 2) == pytest.approx(0.7, abs=1e-12)
    # k = 1 is c/n: 1 - C(3,1)/C(5,1) = 1 - 3/5 = 0.4
    assert pass_at_k(5, 2, 1) == pytest.approx(0.4, abs=1e-12)
    # 1 - C(7,3)/C(10,3) = 1 - 35/120 = 0.708333...
    assert pass_at_k(10, 3, 3) == pytest.approx(85 / 120, abs=1e-12)
    assert pass_at_k(5, 0, 3) == 0.0
    assert pass_at_k(5, 5, 3) == 1.0
    # n - c = 2 < k = 3: every 3-subset holds a success
    assert pass_at_k(4, 2, 3) == 1.0


def test_pass_hat_k_values() -> None:
    # C(2,2)/C(5,2) = 1/10
    assert pass_hat_k(5, 2, 2) == pytest.approx(0.1, abs=1e-12)
    # C(2,1)/C(5,1) = 2/5
    assert pass_hat_k(5, 2, 1) == pytest.approx(0.4, abs=1e-12)
    # C(3,3)/C(10,3) = 1/120
    assert pass_hat_k(10, 3, 3) == pytest.approx(1 / 120, abs=1e-12)
    assert pass_hat_k(5, 1, 2) == 0.0
    assert pass_hat_k(5, 5, 3) == 1.0
    assert pass_hat_k(5, 0, 1) == 0.0


@pytest.mark.parametrize("fn", [pass_at_k, pass_hat_k])
@pytest.mark.parametrize("n,c,k", [(3, 1, 4), (3, 4, 1), (3, -1, 1), (3, 1, 0), (0, 0, 1)])
def test_pass_invalid(fn, n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        fn(n, c, k)


def test_mcnemar_exact() -> None:
    # n = 9, min = 1: 2 * (C(9,0) + C(9,1)) / 2^9 = 2 * 10 / 512 = 0.0390625
    assert mcnemar_exact(1, 8) == pytest.approx(0.0390625, abs=1e-15)
    assert mcnemar_exact(8, 1) == pytest.approx(0.0390625, abs=1e-15)
    # n = 12, min = 2: 2 * (1 + 12 + 66) / 4096 = 158 / 4096 = 0.03857421875
    assert mcnemar_exact(2, 10) == pytest.approx(0.03857421875, abs=1e-15)
    # 2 * 1 / 2^5 = 0.0625; 2 * 1 / 2^3 = 0.25
    assert mcnemar_exact(0, 5) == pytest.approx(0.0625, abs=1e-15)
    assert mcnemar_exact(3, 0) == pytest.approx(0.25, abs=1e-15)
    # balanced: the doubled tail exceeds 1 and is clamped
    assert mcnemar_exact(5, 5) == 1.0
    assert mcnemar_exact(0, 0) == 1.0
    # large n stays finite and tiny: 2 / 2^2000 underflows to 0
    assert 0.0 <= mcnemar_exact(0, 2000) < 1e-300
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 2)


def test_paired_bootstrap_identical() -> None:
    xs = [0.1, 0.5, 0.9, 0.3, 0.0]
    res = paired_bootstrap(xs, xs, iters=2000, seed=3)
    # every difference is 0, so every resampled mean is 0
    assert res.mean_diff == 0.0
    assert res.p_value == 1.0
    assert (res.ci_low, res.ci_high) == (0.0, 0.0)
    assert res.iters == 2000


def test_paired_bootstrap_clear_difference() -> None:
    a = [0.9, 0.8, 1.0, 0.7, 0.95, 0.85, 0.9, 0.75, 0.8, 1.0]
    b = [0.2, 0.3, 0.1, 0.4, 0.25, 0.15, 0.3, 0.35, 0.2, 0.1]
    # differences: .7 .5 .9 .3 .7 .7 .6 .4 .6 .9 -> sum 6.3, mean 0.63
    res = paired_bootstrap(a, b, iters=999, seed=0)
    assert res.mean_diff == pytest.approx(0.63, abs=1e-12)
    # every difference is > 0, so no resampled mean is <= 0:
    # p = 2 * (0 + 1) / (999 + 1) = 0.002
    assert res.p_value == pytest.approx(0.002, abs=1e-12)
    # resampled means lie between min and max difference (0.3 .. 0.9)
    assert 0.3 <= res.ci_low < 0.63 < res.ci_high <= 0.9
    # the other direction: same p, negated difference
    rev = paired_bootstrap(b, a, iters=999, seed=0)
    assert rev.mean_diff == pytest.approx(-0.63, abs=1e-12)
    assert rev.p_value == pytest.approx(0.002, abs=1e-12)
    assert rev.ci_high < 0


def test_paired_bootstrap_no_difference_and_determinism() -> None:
    a = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    b = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    res = paired_bootstrap(a, b, iters=500, seed=7)
    assert res.mean_diff == 0.0 and res.p_value == 1.0
    assert res.ci_low < 0 < res.ci_high
    x = [0.2, 0.9, 0.4, 0.7, 0.1]
    y = [0.3, 0.5, 0.5, 0.2, 0.0]
    assert paired_bootstrap(x, y, seed=11) == paired_bootstrap(x, y, seed=11)
    with pytest.raises(ValueError):
        paired_bootstrap([1.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        paired_bootstrap([], [])


def test_paired_bootstrap_is_fast() -> None:
    a = [(i * 37 % 101) / 100 for i in range(1000)]
    b = [(i * 53 % 97) / 96 for i in range(1000)]
    start = time.perf_counter()
    res = paired_bootstrap(a, b, iters=10000, seed=0)
    assert time.perf_counter() - start < 1.0
    assert res.iters == 10000 and res.ci_low <= res.mean_diff <= res.ci_high


def test_bootstrap_mean_ci() -> None:
    assert bootstrap_mean_ci([0.4, 0.4, 0.4]) == (pytest.approx(0.4), pytest.approx(0.4))
    low, high = bootstrap_mean_ci([0.0, 1.0] * 10, iters=2000, seed=1)
    # mean 0.5; the resampled means are k/20, all in [0, 1]
    assert 0.0 <= low < 0.5 < high <= 1.0
    assert bootstrap_mean_ci([0.0, 1.0] * 10, iters=2000, seed=1) == (low, high)
    with pytest.raises(ValueError):
        bootstrap_mean_ci([])


def test_bootstrap_ratio_ci() -> None:
    # every unit has ratio 3/4, so every pooled resample is 3/4
    assert bootstrap_ratio_ci([3, 6, 0], [4, 8, 0], iters=500) == (
        pytest.approx(0.75),
        pytest.approx(0.75),
    )
    low, high = bootstrap_ratio_ci([4, 5, 9, 0], [4, 6, 10, 0], iters=2000)
    # pooled 18/20 = 0.9; unit ratios 1.0, 0.833, 0.9 bound every resample
    assert 5 / 6 <= low <= 0.9 <= high <= 1.0
    assert bootstrap_ratio_ci([0, 0], [0, 0]) is None
