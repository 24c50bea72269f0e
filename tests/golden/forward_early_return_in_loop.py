def jvp_early_return_in_loop(x, tangents):
    t_x = tangents
    _retval = None
    _returned = False
    _brk = False
    t_retval = zeros_tree(_retval)
    for i in range(3):
        _skip = False
        cmp = x > 10
        if cmp:
            # line 247: return x
            _retval = x
            t_retval = t_x
            _returned = True
            _skip = True
            _brk = True
        if not _skip:
            # line 248: x = x * 2
            x = x * 2
            t_x = broadcast_like(t_x * 2, x)
        if _brk:
            break
    if not _returned:
        # line 249: return -x
        _retval = -x
        t_retval = -t_x
    return _retval, t_retval
